/** The lowest major version a `>=X[.Y.Z]` range allows. */
export function minimumMajor(range: string): number;
/** The major version `engines.node` of package.json requires. */
export function requiredMajor(): number;
