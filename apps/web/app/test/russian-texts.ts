// Unit tests run the modules without the client build's text modules (vite.config.ts): every Russian text is
// registered up front, as the server does.
import ru from '../locales/ru.json';
import { registerLanguage } from '../lib/i18n.ts';

registerLanguage('ru', ru);
