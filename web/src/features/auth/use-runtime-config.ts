import { useEffect, useState } from 'react';
import { getRuntimeConfig, type RuntimeConfig } from '../../state/runtime-config';

/** The deployment's runtime config once loaded (null before, and when it cannot be loaded). */
export function useRuntimeConfig(): RuntimeConfig | null {
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  useEffect(() => {
    let live = true;
    getRuntimeConfig().then(
      (c) => live && setConfig(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
