/** Mapplic's groups (categories) and the group references of its locations and filters. */
import { toId } from '../document/map-ids';
import { describe, isPlainObject, type RepairLog } from '../repair/repair';
import { decodeEntities } from '../html-entities';
import { asList, compact, flag, isBlank, str, type Obj } from './values';

/** The imported groups with unique ids, found by name (any case) or by the id Mapplic gave them. */
export class GroupIndex {
  readonly groups: Obj[] = [];
  private readonly byName = new Map<string, string>();
  private readonly byLowerName = new Map<string, string>();
  private readonly byId = new Map<string, string>();
  private readonly taken = new Set<string>();

  constructor(raw: unknown, log: RepairLog) {
    asList(raw).forEach((g, i) => {
      if (!isPlainObject(g)) {
        log.warn(`groups.${i}: dropped ${describe(g)} (Must be a group object)`);
        return;
      }
      const name = decodeEntities(str(g.name) || str(g.title) || str(g.id));
      if (name === '') {
        log.warn(`groups.${i}: dropped a group with neither name nor id`);
        return;
      }
      const rawId = str(g.id);
      // The group an earlier one with the same id (or name, for groups without ids) is: references find that one.
      const first = rawId === '' ? this.byName.get(name) : this.byId.get(rawId);
      const id = this.add(name, rawId, { color: isBlank(g.color) ? undefined : g.color, hide: flag(g.hide) });
      if (first !== undefined) log.warn(this.renamed(i, rawId === '' ? 'name' : 'id', rawId || name, id, first));
    });
  }

  /** The report's line for a group renamed because an earlier one has its id (or name, for a group without one). */
  private renamed(i: number, kind: 'id' | 'name', given: string, id: string, first: string): string {
    const name = this.groups.at(-1)!.name;
    const firstName = this.groups.find((g) => g.id === first)?.name;
    const named = name === given ? '' : ` (${name})`;
    const firstNamed = typeof firstName === 'string' && firstName !== given ? ` (${firstName})` : '';
    return (
      `groups.${i}: renamed group "${given}"${named} to "${id}" (the ${kind} is used more than once); the locations and ` +
      `filters that name "${given}" are in the first, "${first}"${firstNamed}`
    );
  }

  private add(name: string, rawId: string, extra: Obj): string {
    let id = toId(rawId) || toId(name) || 'group';
    for (let n = 2; this.taken.has(id); n++) id = `${(toId(rawId) || toId(name) || 'group').slice(0, 60)}-${n}`;
    this.taken.add(id);
    this.groups.push(compact({ id, name, ...extra }));
    if (!this.byName.has(name)) this.byName.set(name, id);
    if (!this.byLowerName.has(name.toLowerCase())) this.byLowerName.set(name.toLowerCase(), id);
    if (rawId !== '' && !this.byId.has(rawId)) this.byId.set(rawId, id);
    return id;
  }

  /** Group id for a name (or id) a location or filter uses; unknown names become new groups. */
  resolve(ref: string, log: RepairLog, where: string): string {
    const found = this.byName.get(ref) ?? this.byId.get(ref) ?? this.byLowerName.get(ref.toLowerCase());
    if (found !== undefined) return found;
    const id = this.add(ref, '', {});
    log.warn(`${where}: created group "${ref}", which was used but not defined`);
    return id;
  }
}

/** The group names or ids a location or filter lists: a list, comma-separated text or a single value. */
export function groupRefs(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',')
      : value === undefined || value === null
        ? []
        : [value];
  return list.map((v) => decodeEntities(str(v))).filter((s) => s !== '');
}
