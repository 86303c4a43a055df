// jsdom ships no types, and @types/jsdom would bring the DOM's fetch types into every project. What the
// prerender test uses of it:
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
