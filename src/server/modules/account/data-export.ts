import type { UserRow } from '../../db/schema';
import { downloadsOfAccount } from '../downloads';
import { consentsOfPerson } from '../mailing-list';
import { ordersOfAccount } from '../orders';
import { reviewsForExport } from '../reviews';
import type { AccountDeps } from './account-deps';

/** Who the copy is of: the signed-in account's row. Every section reads by it, and by nothing a request gives. */
type Person = Pick<UserRow, 'id' | 'email' | 'role' | 'created_at' | 'email_confirmed_at'>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The sections of a buyer's copy of their data, in the order they are written. Each reads one module's records of
 * the person through that module's face; a module that keeps something more of a person adds its section here,
 * one line.
 */
const SECTIONS: ReadonlyArray<{ name: string; read: (deps: AccountDeps, person: Person) => Promise<unknown> }> = [
  {
    name: 'account',
    read: async (_deps, person) => ({
      email: person.email,
      role: person.role,
      createdAt: iso(person.created_at),
      confirmedAt: iso(person.email_confirmed_at),
    }),
  },
  { name: 'orders', read: (deps, person) => ordersOfAccount(deps.db, person.id) },
  { name: 'downloads', read: (deps, person) => downloadsOfAccount(deps.db, person.id) },
  { name: 'consents', read: (deps, person) => consentsOfPerson(deps.db, { email: person.email, userId: person.id }) },
  { name: 'reviews', read: (deps, person) => reviewsForExport(deps.db, person.id) },
];

export interface DataExport {
  store: string;
  exportedAt: string;
  sections: Record<string, unknown>;
}

export async function exportPersonalData(deps: AccountDeps, person: Person): Promise<DataExport> {
  const sections: Record<string, unknown> = {};
  for (const section of SECTIONS) sections[section.name] = await section.read(deps, person);
  return { store: deps.config.storeName, exportedAt: new Date().toISOString(), sections };
}
