import type { Migration } from 'kysely';
import type { InlineProjection } from '../projections/inline-projections.js';

/**
 * What a module registers with the platform, apart from its Nest wiring: the tables it owns, the
 * migrations that make them, and the inline projections that fill them. Light enough for the
 * command-line tools and the tests, which start the platform without the HTTP application.
 */
export interface ModuleDefinition {
  name: string;
  /**
   * The tables (and views) the module owns. Only its own code names them in SQL; other modules read
   * them through what the module exports in its `<module>.public.ts`.
   */
  tables: readonly string[];
  /**
   * Its migrations, by name. Names carry one number sequence across all modules (`0009-products`):
   * the platform runs every module's migrations together, in name order, and a released migration is
   * never edited.
   */
  migrations: Readonly<Record<string, Migration>>;
  projections: readonly InlineProjection[];
}

/** Every migration of the platform and of these modules, refusing a name used twice. */
export function allMigrations(platform: Record<string, Migration>, modules: readonly ModuleDefinition[]): Record<string, Migration> {
  const all: Record<string, Migration> = { ...platform };
  for (const m of modules) {
    for (const [name, migration] of Object.entries(m.migrations)) {
      if (all[name]) throw new Error(`migration ${name} of module ${m.name} is defined twice`);
      all[name] = migration;
    }
  }
  return all;
}
