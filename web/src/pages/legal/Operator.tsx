/**
 * The business that runs this deployment, as the legal pages name it: the Service Agreement's party, the privacy
 * policy's controller, the terms' governing law. It comes from /config.json (`operator` in infra/src/stages.ts, which a
 * production stage must set); a copy without one (the local stack, a dev stage) says so in words, never a placeholder
 * in brackets.
 */
import { useRuntimeConfig } from '../../features/auth/use-runtime-config';

/** Its name, with its registered address after it when `withAddress`. */
export function OperatorName({ withAddress = false }: { withAddress?: boolean }) {
  const operator = useRuntimeConfig()?.operator;
  if (!operator) return <>the company that runs this Mapnest service</>;
  return <>{withAddress ? `${operator.name}, ${operator.address}` : operator.name}</>;
}

/** Where its law is: the terms' governing law. */
export function OperatorJurisdiction() {
  const operator = useRuntimeConfig()?.operator;
  return <>{operator ? operator.jurisdiction : 'the country where that company is registered'}</>;
}
