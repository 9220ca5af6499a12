/**
 * The graded-tool core. Pure TypeScript: no chrome.*, no DOM (a meta-test checks this).
 */
import { Executor } from './executor.ts';
import { DeliveryVault, Registry, type RegistryOptions } from './registry.ts';

export * from './types.ts';
export * from './errors.ts';
export * from './wire.ts';
export * from './policy.ts';
export * from './clip.ts';
export * from './canonical.ts';
export * from './prepared.ts';
export * from './mask.ts';
export * from './audit.ts';
export * from './ledger.ts';
export * from './plan.ts';
export { Registry, RegistrationError, type RegistryOptions, type Availability, type StoredTool } from './registry.ts';
export { Executor, type ExecOutcome, type ExecuteOptions } from './executor.ts';
export { checkShape, DEFAULT_CAPS, type InputCaps } from './validate.ts';

/**
 * A registry and the executor that alone can deliver what it prepares. Delivery functions
 * of send tools pass from one to the other through a vault the registry only writes.
 */
export function createToolCore(opts: RegistryOptions = {}): { registry: Registry; executor: Executor } {
  const vault = new DeliveryVault();
  const registry = new Registry(opts, vault);
  return { registry, executor: new Executor(registry, vault) };
}
