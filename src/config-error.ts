/** A setting that cannot work as given: said in one line, the process exits 2. */
export class ConfigError extends Error {}
