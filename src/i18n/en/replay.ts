/** English strings of the replay area (keys `replay.*`). */
export const replay = {
} as const;
