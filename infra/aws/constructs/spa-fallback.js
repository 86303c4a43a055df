// CloudFront Function (cloudfront-js-2.0), viewer request of the SPA's behaviour only: a path with no file
// extension is a client-side route, so it gets index.html. /api/* has its own behaviour and never gets here,
// so API errors stay API errors.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}
