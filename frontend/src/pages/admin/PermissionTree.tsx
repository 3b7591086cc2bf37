import { Button, Checkbox, Collapse } from '@blueprintjs/core';
import { MASTER_DATA_CATALOGUES, PERMISSION_AREAS, type PermissionArea } from '@rfid/contracts';
import { ROUTE_TABLE } from '../../app/route-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The codes that open a screen of the app (its route table's permissions). */
const SCREEN_CODES = new Set<string>(ROUTE_TABLE.flatMap((r) => (r.permission ? [r.permission] : [])));

/**
 * The catalogue as far as the app has screens for it: a resource appears once one of its codes opens a
 * screen (with all its actions), an area once one of its resources does. A code granted already but
 * hidden here stays granted: the tree changes only the codes it shows.
 */
export const SHOWN_PERMISSION_AREAS: PermissionArea[] = PERMISSION_AREAS.flatMap((area) => {
  if (area.code) return SCREEN_CODES.has(area.code) ? [area] : [];
  const resources = area.resources.filter((r) => r.actions.some((a) => SCREEN_CODES.has(a.code)));
  return resources.length ? [{ ...area, resources }] : [];
});

function codesOf(area: PermissionArea): string[] {
  return area.code ? [area.code] : area.resources.flatMap((r) => r.actions.map((a) => a.code));
}

/** A resource's label: a master-data catalogue's is the catalogue's name, as its menu entry reads. */
function resourceLabelKey(area: string, resource: string): string {
  const catalogue = area === 'MASTER_DATA' ? MASTER_DATA_CATALOGUES.find((c) => c.resource === resource) : undefined;
  return catalogue ? `catalogue:${catalogue.key}.many` : `perm.resource.${resource}`;
}

/** Checked state of a set of codes: all, none, or some (shown as indeterminate). */
function stateOf(codes: string[], selected: Set<string>) {
  const n = codes.filter((c) => selected.has(c)).length;
  return { checked: n === codes.length && n > 0, indeterminate: n > 0 && n < codes.length };
}

/**
 * The permission catalogue (what has screens) as a tree area → resource → action, with select-all at
 * every level. `grantable`: the codes the signed-in user may give or take (those they hold themselves); the others
 * are shown as they are and cannot be changed.
 */
export function PermissionTree({
  selected,
  onChange,
  readOnly,
  grantable,
}: {
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
  readOnly?: boolean;
  grantable?: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<string>>(new Set(SHOWN_PERMISSION_AREAS.map((a) => a.area)));
  const mayChange = (code: string) => !readOnly && (!grantable || grantable.has(code));
  const locked = (codes: string[]) => !codes.some(mayChange);
  const setAll = (codes: string[], on: boolean) => {
    const next = new Set(selected);
    for (const c of codes.filter(mayChange)) {
      if (on) next.add(c);
      else next.delete(c);
    }
    onChange(next);
  };
  const all = SHOWN_PERMISSION_AREAS.flatMap(codesOf);

  return (
    <div className="permission-tree" data-testid="permission-tree">
      <Checkbox
        label={t('groups.all_permissions')}
        {...stateOf(all, selected)}
        disabled={locked(all)}
        onChange={(e) => setAll(all, e.currentTarget.checked)}
        className="perm-all"
      />
      {SHOWN_PERMISSION_AREAS.map((area) => {
        const codes = codesOf(area);
        const isOpen = open.has(area.area);
        return (
          <div key={area.area} className="perm-area">
            <div className="perm-row">
              {area.resources.length > 0 && (
                <Button
                  variant="minimal"
                  size="small"
                  icon={isOpen ? 'chevron-down' : 'chevron-right'}
                  aria-label={t(isOpen ? 'common.collapse' : 'common.expand')}
                  onClick={() =>
                    setOpen((prev) => {
                      const next = new Set(prev);
                      if (next.has(area.area)) next.delete(area.area);
                      else next.add(area.area);
                      return next;
                    })
                  }
                />
              )}
              <Checkbox
                label={t(`perm.area.${area.area}`)}
                {...stateOf(codes, selected)}
                disabled={locked(codes)}
                onChange={(e) => setAll(codes, e.currentTarget.checked)}
                data-code={area.code ?? area.area}
              />
            </div>
            <Collapse isOpen={isOpen}>
              {area.resources.map((r) => {
                const rc = r.actions.map((a) => a.code);
                return (
                  <div key={r.resource} className="perm-resource">
                    <Checkbox
                      label={t(resourceLabelKey(area.area, r.resource))}
                      {...stateOf(rc, selected)}
                      disabled={locked(rc)}
                      onChange={(e) => setAll(rc, e.currentTarget.checked)}
                    />
                    <div className="perm-actions">
                      {r.actions.map((a) => (
                        <Checkbox
                          key={a.code}
                          inline
                          label={t(`perm.action.${a.action}`)}
                          checked={selected.has(a.code)}
                          disabled={!mayChange(a.code)}
                          onChange={(e) => setAll([a.code], e.currentTarget.checked)}
                          data-code={a.code}
                          title={a.code}
                        />
                      ))}
                    </div>
                  </div>
                );
              })}
            </Collapse>
          </div>
        );
      })}
    </div>
  );
}
