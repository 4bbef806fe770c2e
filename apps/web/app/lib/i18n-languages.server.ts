import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { registerLanguage } from './i18n.ts';

// The server renders every language from the start, whole; browsers load Russian section by section and another
// language's texts only when they need them.
registerLanguage('ru', ru);
registerLanguage('en', en);
