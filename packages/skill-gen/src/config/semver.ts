/** A semantic version (`1.2.0`, `1.2.0-beta.1`, `1.2.0+build.5`). */
export const SEMVER_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
