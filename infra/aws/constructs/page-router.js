// CloudFront Function (cloudfront-js-2.0), viewer request of the web app's default behaviour: a path with a
// file extension is a file; any other path gets the document that serves it, by the web build's pages.json,
// which infra/web-pages.ts puts in place of __PAGES_MANIFEST__. /api/* has its own behaviour and never gets
// here, so API errors stay API errors. The local host routes by this same code.
/* global __PAGES_MANIFEST__ */
var PAGES = __PAGES_MANIFEST__;

function pageFor(uri) {
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') !== -1) return uri;
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
  var file = PAGES.exact[path];
  for (var i = 0; !file && i < PAGES.prefixes.length; i++) {
    if (path.indexOf(PAGES.prefixes[i][0]) === 0) file = PAGES.prefixes[i][1];
  }
  return '/' + (file || PAGES.fallback);
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars
function handler(event) {
  event.request.uri = pageFor(event.request.uri);
  return event.request;
}
