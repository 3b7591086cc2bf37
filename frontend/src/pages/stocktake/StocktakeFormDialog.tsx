import { createStocktakeRequest, STOCKTAKE_FIELDS, updateStocktakeRequest, type CreateStocktakeRequest, type RecordField, type ReferenceField, type StocktakeDetail } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { LookupMultiSelect } from '../../components/fields/LookupMultiSelect';
import { lookupOf, useFieldViews } from '../../components/fields/field-views';
import { FormDialog, type CustomFieldProps } from '../../components/FormDialog';
import { showSuccess } from '../../components/toasts';
import { STOCKTAKES_ENDPOINT, stocktakeApiPath } from './stocktake-api';

/** The edit form sends what may change after creation; the version is added from the stocktake opened. */
const editSchema = updateStocktakeRequest.omit({ version: true });

/** One multiple choice of the form: the field it edits (which look-up it picks from), and its texts. */
interface ChoiceOf {
  field: ReferenceField | RecordField;
  name: string;
  addKey: string;
  removeKey: string;
}

const ZONES: ChoiceOf = { field: STOCKTAKE_FIELDS.zoneIds, name: 'zoneSearch', addKey: 'stocktake.add_zone', removeKey: 'stocktake.remove_zone' };
const HANDHELDS: ChoiceOf = { field: STOCKTAKE_FIELDS.readerIds, name: 'readerSearch', addKey: 'stocktake.add_handheld', removeKey: 'stocktake.remove_handheld' };
const USERS: ChoiceOf = { field: STOCKTAKE_FIELDS.userIds, name: 'userSearch', addKey: 'stocktake.add_user', removeKey: 'stocktake.remove_user' };

function ChoicesField({ choice, testId, ...p }: CustomFieldProps & { choice: ChoiceOf; testId: string }) {
  const { t } = useTranslation();
  return (
    <LookupMultiSelect
      id={p.id}
      name={choice.name}
      endpoint={lookupOf(choice.field)}
      value={p.value}
      onChange={p.onChange}
      disabled={p.disabled}
      intent={p.error ? 'danger' : 'none'}
      addLabel={t(choice.addKey)}
      removeLabel={(name) => t(choice.removeKey, { name })}
      testId={testId}
    />
  );
}

const NEW_STOCKTAKE = { name: '', note: '', zoneIds: undefined, readerIds: undefined, userIds: undefined };

/**
 * Create a stocktaking (name, note, the zones counted, the handhelds and the users counting), or change
 * one (with the version it was read at): its zones stay, since the expected list was taken from them
 * when it was created. A zone with nothing in it is refused with NO_DATA, said as a toast.
 */
export function StocktakeFormDialog(props: { isOpen: boolean; stocktake?: StocktakeDetail; onClose: () => void; onSaved: (saved: StocktakeDetail | undefined) => void }) {
  const { t } = useTranslation();
  const editing = props.stocktake;
  const { formFields, formValues } = useFieldViews<StocktakeDetail, typeof STOCKTAKE_FIELDS>(STOCKTAKE_FIELDS, {
    editing: !!editing,
    editors: {
      zoneIds: (p) => <ChoicesField {...p} choice={ZONES} testId="zones" />,
      readerIds: (p) => <ChoicesField {...p} choice={HANDHELDS} testId="handhelds" />,
      userIds: (p) => <ChoicesField {...p} choice={USERS} testId="users" />,
    },
  });
  return (
    <FormDialog
      isOpen={props.isOpen}
      mode={editing ? 'edit' : 'add'}
      title={editing ? t('stocktake.dialog_edit', { code: editing.code }) : t('stocktake.dialog_add')}
      fields={formFields}
      schema={editing ? editSchema : createStocktakeRequest}
      initial={editing ? formValues(editing) : NEW_STOCKTAKE}
      onClose={props.onClose}
      onSubmit={async (body: Omit<CreateStocktakeRequest, 'zoneIds'>) => {
        const saved = editing
          ? await api<StocktakeDetail | undefined>(stocktakeApiPath(editing.id), { method: 'PUT', body: { ...body, version: editing.version } })
          : await api<StocktakeDetail | undefined>(STOCKTAKES_ENDPOINT, { method: 'POST', body });
        showSuccess(t(editing ? 'stocktake.saved' : 'stocktake.created', { code: saved?.code ?? editing?.code ?? '' }));
        props.onSaved(saved);
      }}
    />
  );
}
