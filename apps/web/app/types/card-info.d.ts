// Card-info ships no types; only what lib/banks.ts reads is declared.
declare module 'card-info' {
  interface CardInfoOptions {
    banksLogosPath?: string;
    brandsLogosPath?: string;
    preferredExt?: 'svg' | 'png';
  }
  class CardInfo {
    constructor(number: string, options?: CardInfoOptions);
    bankAlias: string | null;
    bankName: string | null;
    bankLogo: string | null;
    backgroundColor: string;
    backgroundGradient: string;
    textColor: string;
    brandAlias: string | null;
  }
  export default CardInfo;
}
