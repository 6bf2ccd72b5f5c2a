// Every other text of the app, merged over public.json: loaded with the first screen beyond sign-in.
// es.json holds the shared texts; es/<area>.json the texts of one area of screens.
import i18n from './index.js';
import es from './es.json';

i18n.addResourceBundle('es', 'translation', es, true, true);
const areas = import.meta.glob<Record<string, unknown>>('./es/*.json', { eager: true, import: 'default' });
for (const texts of Object.values(areas)) i18n.addResourceBundle('es', 'translation', texts, true, true);
