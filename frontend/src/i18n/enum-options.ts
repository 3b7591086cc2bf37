import type { TFunction } from 'i18next';

/** A select's choices for the values of an enum, each labelled by its translation key `{prefix}_{value}` ("tickets.status_NEW"). */
export function enumOptions(t: TFunction, values: readonly string[], prefix: string): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: t(`${prefix}_${value}`) }));
}
