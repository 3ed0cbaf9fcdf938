/** The warnings of a repair (restore and the Mapplic import), kept short enough to show. */

/** Collects warnings, aggregating unknown fields and keeping the list short enough to show. */
export class RepairLog {
  private readonly items: string[] = [];
  private omitted = 0;
  private readonly unknown = new Map<string, { key: string; first: string; count: number }>();

  constructor(private readonly max = 100) {}

  /** Adds a warning; answers where it went, for `rewrite` (-1: past the limit, counted only). */
  warn(message: string): number {
    if (this.items.length < this.max) return this.items.push(message) - 1;
    this.omitted++;
    return -1;
  }

  /** Says a warning given earlier (`at`, as `warn` answered) differently, once more is known; it keeps its place. */
  rewrite(at: number, message: string): void {
    if (at >= 0 && at < this.items.length) this.items[at] = message;
  }

  /** An unknown field `key` on the object at `path`; `pattern` groups alike objects (e.g. 'locations.*'). */
  unknownField(pattern: string, path: string, key: string): void {
    const id = `${pattern}\u0000${key}`;
    const seen = this.unknown.get(id);
    if (seen) seen.count++;
    else this.unknown.set(id, { key, first: path, count: 1 });
  }

  /** The warnings, unknown fields summarised at the end. */
  list(): string[] {
    const out = [...this.items];
    let omitted = this.omitted;
    for (const { key, first, count } of this.unknown.values()) {
      const message = `${first}: dropped unknown field "${key}"${count > 1 ? ` (and in ${count - 1} more place${count > 2 ? 's' : ''})` : ''}`;
      if (out.length < this.max) out.push(message);
      else omitted++;
    }
    if (omitted > 0) out.push(`... and ${omitted} more warning${omitted > 1 ? 's' : ''}.`);
    return out;
  }
}
