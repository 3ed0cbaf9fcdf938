/**
 * The domain's operations take their adapters as their first parameter (ADR 037), so unit tests hand them
 * in-memory stand-ins; the Lambdas call them bound to the real adapters in lambdas/src/domain/services/.
 */

/**
 * `operation` with its adapters filled in. Each operation is bound on its own, with only the adapters its type asks
 * for, and the call is marked pure at its use: a bundle that never calls an operation leaves it and its adapters out.
 */
export function withAdapters<A, R extends unknown[], O>(
  operation: (adapters: A, ...rest: R) => O,
  adapters: A,
): (...rest: R) => O {
  return (...rest) => operation(adapters, ...rest);
}
