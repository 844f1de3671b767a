/** The package version, sent as `$lib_version` with every event. */
export const VERSION = '0.1.0';
