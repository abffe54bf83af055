/** English strings of the probe area (keys `probe.*`). */
export const probe = {
} as const;
