export const INVALID_LINK_TITLE = "Länken fungerar inte";
export const INVALID_LINK_TEXT =
  "Länken är ogiltig eller har redan använts. Kontrollera att du kopierade hela länken från mejlet.";

/**
 * The headers of a page whose address holds a key: neither the server's page cache nor any other cache
 * keeps it, so nobody is served another visit's copy and a key that is gone stops working at once.
 */
export const KEY_PAGE_HEADERS = { "Cache-Control": "no-store" };
