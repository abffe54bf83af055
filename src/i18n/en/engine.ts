/** English strings of the engine area (keys `engine.*`). */
export const engine = {
} as const;
