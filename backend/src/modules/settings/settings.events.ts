/*
 * The settings module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
import type { SystemSettings } from '@rfid/contracts';

/** The system settings live in one stream: each change is an event naming the values it set. */
export type SettingsEvent = { type: 'SystemSettingsChanged'; data: { changes: Partial<SystemSettings> } };
