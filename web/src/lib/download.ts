/**
 * Starts the browser's download of a file the API made: the link is a short-lived presigned GET whose answer
 * says `Content-Disposition: attachment`, so following it saves the file and the app stays where it is.
 * One function, so tests can watch it (jsdom does not navigate).
 */
export const startDownload = (url: string, fileName: string) => {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
};
