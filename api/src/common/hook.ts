/**
 * A call a lower domain declares and the domains above it fill in when their module starts, so that the
 * lower one reaches them without importing them (the layers, docs/architecture.md): the stock history
 * names orders and deliveries, deleting a product or a customer detaches the order lines or orders that
 * named it. Keyed: registering a key again (another application of the same process) replaces, never
 * adds. What is registered is given the application's data source or transaction, never keeps one.
 */
export class Hook<F extends (...args: never[]) => unknown> {
  private readonly registered = new Map<string, F>();

  register(key: string, fn: F): void {
    this.registered.set(key, fn);
  }

  get(key: string): F | undefined {
    return this.registered.get(key);
  }

  all(): F[] {
    return [...this.registered.values()];
  }
}
