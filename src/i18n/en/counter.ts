/** English strings of the counter area (keys `counter.*`). */
export const counter = {
} as const;
