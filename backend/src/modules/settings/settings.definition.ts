import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0020 from './migrations/0020-system-settings.js';
import * as migration0040 from './migrations/0040-system-settings-values.js';
import { settingsProjection } from './projections/settings.projection.js';
import type { SettingsTables } from './settings.tables.js';

/** The settings module's table (the system settings), its migration and its inline projection. */
export const settingsModule: ModuleDefinition = {
  name: 'settings',
  tables: ['system_settings'] satisfies (keyof SettingsTables)[],
  migrations: { '0020-system-settings': migration0020, '0040-system-settings-values': migration0040 },
  projections: [settingsProjection],
};

export type { SettingsTables } from './settings.tables.js';
