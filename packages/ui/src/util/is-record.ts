/** A plain JSON object (not null, not an array): how the parts read untyped tool inputs, outputs and custom state. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
