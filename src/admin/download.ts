/** Saves a blob as a file of the user's downloads (the fetch carried the admin token). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the object URL by now; a later revoke frees it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
