import { Button, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../i18n/i18n';
import { Flag } from './Flag';

/**
 * The languages as a two-column grid with a flag each; choosing one changes the language and reloads
 * the page. In the header of every signed-in screen and on the sign-in page.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => l.code === currentLanguage())!;
  const choose = async (code: string) => {
    await i18n.changeLanguage(code);
    window.location.reload();
  };
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <div className="language-grid" role="menu" aria-label={t('header.language')}>
          {LANGUAGES.map((l) => (
            <button key={l.code} type="button" role="menuitem" className={l.code === current.code ? 'active' : ''} onClick={() => void choose(l.code)}>
              <Flag code={l.code} />
              {l.label}
            </button>
          ))}
        </div>
      }
    >
      <Button variant="minimal" aria-label={t('header.language')} data-testid="language-picker">
        <Flag code={current.code} />
      </Button>
    </PopoverNext>
  );
}
