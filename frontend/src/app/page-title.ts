import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from './constants';

/** Every page's browser title: `{title} | {product name}`, in the current language. */
export function usePageTitle(titleKey: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t(titleKey)} | ${PRODUCT_NAME}`;
  }, [t, titleKey, i18n.language]);
}
