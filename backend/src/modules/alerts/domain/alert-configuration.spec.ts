import { describe, it } from 'node:test';
import { deciderSpec } from '../../../testing/decider-spec.js';
import { alertConfigurationModel, decideAlertConfiguration } from './alert-configuration.js';
import type { AlertConfigurationEvent, AlertConfigurationSettings } from '../alerts.events.js';

const settings: AlertConfigurationSettings = {
  userId: 'u1',
  methods: ['IN_APP', 'EMAIL'],
  email: 'bao.ve@example.com',
  actionName: 'Kiểm tra cổng',
  functionName: 'GATE',
  timeMinutes: 15,
};
const created: AlertConfigurationEvent = { type: 'AlertConfigurationCreated', data: { configurationId: 'c1', ...settings } };
const deleted: AlertConfigurationEvent = { type: 'AlertConfigurationDeleted', data: { configurationId: 'c1', userId: 'u1', functionName: 'GATE' } };
const spec = deciderSpec(alertConfigurationModel, decideAlertConfiguration);

describe('alert configuration decisions', () => {
  it('a configuration is created once with its settings', () => {
    spec.given().when({ kind: 'create', configurationId: 'c1', settings }).then([created]);
    spec.given([created]).when({ kind: 'create', configurationId: 'c1', settings }).thenRefused('ID_EXISTS');
  });

  it('the time must be above 0 and at most a week, in whole minutes', () => {
    for (const timeMinutes of [0, -5, 1.5, 7 * 24 * 60 + 1]) {
      spec.given().when({ kind: 'create', configurationId: 'c1', settings: { ...settings, timeMinutes } }).thenRefused('ALERT_TIME_NOT_VALID');
      spec.given([created]).when({ kind: 'update', configurationId: 'c1', settings: { ...settings, timeMinutes } }).thenRefused('ALERT_TIME_NOT_VALID');
    }
  });

  it('EMAIL needs a valid address; IN_APP alone needs none', () => {
    spec.given().when({ kind: 'create', configurationId: 'c1', settings: { ...settings, email: null } }).thenRefused('EMAIL_REQUIRED');
    spec.given().when({ kind: 'create', configurationId: 'c1', settings: { ...settings, email: 'not an address' } }).thenRefused('EMAIL_NOT_VALID');
    const inApp = { ...settings, methods: ['IN_APP' as const], email: null };
    spec.given().when({ kind: 'create', configurationId: 'c1', settings: inApp }).then([{ type: 'AlertConfigurationCreated', data: { configurationId: 'c1', ...inApp } }]);
    spec.given().when({ kind: 'create', configurationId: 'c1', settings: { ...settings, methods: [] } }).thenRefused('BAD_REQUEST_ERROR');
  });

  it('an update that changes nothing records nothing; one that does carries every setting', () => {
    spec.given([created]).when({ kind: 'update', configurationId: 'c1', settings }).then([]);
    const changed = { ...settings, actionName: 'Gọi bảo vệ', timeMinutes: 30 };
    spec.given([created]).when({ kind: 'update', configurationId: 'c1', settings: changed }).then([{ type: 'AlertConfigurationUpdated', data: { configurationId: 'c1', ...changed } }]);
  });

  it('an unknown or deleted configuration is ALERT_CONFIG_NOT_FOUND', () => {
    spec.given().when({ kind: 'update', configurationId: 'c1', settings }).thenRefused('ALERT_CONFIG_NOT_FOUND');
    spec.given().when({ kind: 'delete', configurationId: 'c1' }).thenRefused('ALERT_CONFIG_NOT_FOUND');
    spec.given([created]).when({ kind: 'delete', configurationId: 'c1' }).then([deleted]);
    spec.given([created, deleted]).when({ kind: 'delete', configurationId: 'c1' }).thenRefused('ALERT_CONFIG_NOT_FOUND');
    spec.given([created, deleted]).when({ kind: 'update', configurationId: 'c1', settings }).thenRefused('ALERT_CONFIG_NOT_FOUND');
  });
});
