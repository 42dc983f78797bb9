/**
 * Figures as the app shows them, en-US with thousands separators (spec §2 totals): one formatter
 * of each kind, built once, because a list formats them for every render.
 */
const hoursFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Hours with 2 decimals and thousands separators: 1234.5 -> '1,234.50'. */
export const formatHours = (n: number): string => hoursFormat.format(n);

/** A whole count with thousands separators: 12345 -> '12,345'. */
export const formatCount = (n: number): string => countFormat.format(n);
