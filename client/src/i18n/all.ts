// Every other text of the app, merged over public.json: loaded with the first screen beyond sign-in.
import i18n from './index.js';
import es from './es.json';

i18n.addResourceBundle('es', 'translation', es, true, true);
