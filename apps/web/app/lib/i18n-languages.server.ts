import en from '../locales/en.json';
import { registerLanguage } from './i18n.ts';

// The server renders every language from the start; browsers load a language's texts only when they need them.
registerLanguage('en', en);
