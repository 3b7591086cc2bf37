import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../settings/system-settings';

/** Every page's browser title: `{title} | {product name}`, or `{title} {detail} | {product name}`, in the current language; the product name is the system setting's. */
export function usePageTitle(titleKey: string, detail?: string): void {
  const { t, i18n } = useTranslation();
  const { productName } = usePublicSettings();
  useEffect(() => {
    document.title = `${t(titleKey)}${detail ? ` ${detail}` : ''} | ${productName}`;
  }, [t, titleKey, detail, i18n.language, productName]);
}

const SetTitleDetail = createContext<(detail: string | undefined) => void>(() => {});
const RouteTitle = createContext<string>('');

/** A route's page under its title; the page may name what it shows with usePageTitleDetail, and head itself with useRouteTitleKey. */
export function TitledPage({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const [detail, setDetail] = useState<string>();
  usePageTitle(titleKey, detail);
  return (
    <RouteTitle.Provider value={titleKey}>
      <SetTitleDetail.Provider value={setDetail}>{children}</SetTitleDetail.Provider>
    </RouteTitle.Provider>
  );
}

/** The title of the route a page is shown under (the route table's): a list page's heading. */
export function useRouteTitleKey(): string {
  return useContext(RouteTitle);
}

/** Adds what a page shows to its title ("Sample SP000123"), while it shows it. */
export function usePageTitleDetail(detail: string | undefined): void {
  const setDetail = useContext(SetTitleDetail);
  useEffect(() => {
    setDetail(detail);
    return () => setDetail(undefined);
  }, [setDetail, detail]);
}
