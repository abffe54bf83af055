/** English strings of the facts area (keys `facts.*`). */
export const facts = {
} as const;
