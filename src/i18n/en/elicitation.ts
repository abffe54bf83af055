/** English strings of the elicitation area (keys `elicitation.*`). */
export const elicitation = {
} as const;
