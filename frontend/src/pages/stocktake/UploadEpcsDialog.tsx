import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { API, type StocktakeDetail } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { EpcsDialog } from '../../components/EpcsDialog';

/**
 * EPCs counted by a handheld that syncs later, pasted or read from a file, counted for the stocktake in
 * one of its zones (asked only when it has several; the server takes the first otherwise).
 */
export function UploadEpcsDialog(props: { isOpen: boolean; stocktake: StocktakeDetail; onClose: () => void; onScanned: () => void }) {
  const { t } = useTranslation();
  const zones = props.stocktake.zones;
  const [zoneId, setZoneId] = useState(zones[0]?.id ?? '');
  return (
    <EpcsDialog
      isOpen={props.isOpen}
      title={t('stocktake.upload_title', { code: props.stocktake.code })}
      onClose={props.onClose}
      send={async (epcs) => {
        const body = { epcs, zoneId: zones.length > 1 && zoneId ? zoneId : undefined };
        const result = await call(API.stocktakes.scans, { params: { id: props.stocktake.id }, body });
        props.onScanned();
        return result;
      }}
    >
      {zones.length > 1 && (
        <FormGroup label={t('stocktake.upload_zone')} labelFor="upload-zone">
          <HTMLSelect id="upload-zone" name="zoneId" fill value={zoneId} onChange={(e) => setZoneId(e.target.value)}>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
    </EpcsDialog>
  );
}
