import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only what the sign-in page and the generic error display say (public.json); every other text
// (es.json) arrives with the first screen beyond sign-in (all.ts).
import publicTexts from './public.json';

void i18n.use(initReactI18next).init({
  lng: 'es',
  fallbackLng: 'es',
  resources: { es: { translation: publicTexts } },
  interpolation: { escapeValue: false },
});

export default i18n;
