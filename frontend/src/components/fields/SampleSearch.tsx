import { LookupSelect } from './LookupSelect';
import { LOOKUPS, sampleChoice } from './lookup-endpoints';

/** A sample searched by its code or name and picked to be added somewhere (a ticket's, a gate ticket's): the field empties again after each pick. */
export function SampleSearch({ id, label, disabled, onPick }: { id: string; label: string; disabled: boolean; onPick: (sampleId: string) => void }) {
  return (
    <LookupSelect
      id={id}
      name="sampleSearch"
      endpoint={LOOKUPS.samples}
      toItem={sampleChoice}
      value=""
      fill
      emptyLabel={label}
      aria-label={label}
      disabled={disabled}
      onChange={(sampleId) => sampleId && onPick(sampleId)}
    />
  );
}
