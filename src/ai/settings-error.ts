/** AI settings that cannot work together (an endpoint without its model, say). */
export class AiSettingsError extends Error {}
