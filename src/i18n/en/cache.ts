/** English strings of the cache area (keys `cache.*`). */
export const cache = {
} as const;
