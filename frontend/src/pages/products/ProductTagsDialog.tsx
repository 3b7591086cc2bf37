import { Callout, Checkbox, Dialog, DialogBody, HTMLTable, Tag } from '@blueprintjs/core';
import { API, type LinkProductTagRequest, type LinkProductTagResult, type ProductView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { errorMessage, showSuccess } from '../../components/toasts';
import { ScanInput } from '../rfid/ScanInput';

/**
 * Link tags to a product: each scanned (or typed) tag becomes a UNIT tag of it, or with "box tag" a
 * BOX tag, counted as its quantity per box. The field keeps the focus for the next scan.
 */
export function ProductTagsDialog({ product, onClose }: { product: ProductView | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [box, setBox] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<LinkProductTagResult[]>([]);

  const link = async (tagCode: string) => {
    if (!product) return;
    setFailure(undefined);
    try {
      const body: LinkProductTagRequest = { tagCode, productId: product.id, box };
      const res = await call(API.rfidTags.linkProduct, { body });
      showSuccess(t('rfid.linked', { tag: res.tagCode, sample: res.productCode }));
      setDone((d) => [res, ...d]);
    } catch (err) {
      setFailure(t('rfid.tag_failed', { tag: tagCode, message: errorMessage(err) }));
    }
  };
  const close = () => {
    setDone([]);
    setFailure(undefined);
    setBox(false);
    onClose();
  };

  return (
    <Dialog isOpen={!!product} onClose={close} title={product ? t('products.link_tags_title', { code: product.code }) : ''}>
      <DialogBody>
        <div data-testid="product-tags-dialog">
        <Checkbox checked={box} onChange={(e) => setBox(e.currentTarget.checked)} label={t('products.box_tag_units', { count: product?.quantityPerBox ?? 1 })} name="box" />
        <ScanInput onCode={(c) => void link(c)} />
        {failure && (
          <Callout intent="danger" icon="error" role="alert">
            {failure}
          </Callout>
        )}
        {done.length > 0 && (
          <HTMLTable compact striped data-testid="product-tags-linked">
            <tbody>
              {done.map((d) => (
                <tr key={d.tagCode}>
                  <td>
                    <Tag minimal>{d.tagCode}</Tag>
                  </td>
                  <td>{d.box ? t('products.box_tag') : t('products.unit_tag')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        </div>
      </DialogBody>
    </Dialog>
  );
}
