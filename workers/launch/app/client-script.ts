/**
 * The app's only script, sent inline with the CSP nonce. Everything works without it; with it the
 * person's time zone is detected (a cookie the server reads for every date it shows, and the
 * schedule form's default), a form cannot be sent twice by a double click, and a secret shown once
 * (an invitation link, a key) gets a Copy button beside its read-only field.
 */
export const clientScript = `
(function () {
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  var current = (document.cookie.match(/(?:^|; )launch_tz=([^;]*)/) || [])[1];
  if (zone && decodeURIComponent(current || '') !== zone) {
    document.cookie = 'launch_tz=' + encodeURIComponent(zone) + '; path=/app; max-age=31536000; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '');
    // The browser may name the zone as the list does not (Europe/Kiev for Europe/Kyiv): then the server's pick stands.
    if (!current) document.querySelectorAll('select[name=timeZone]').forEach(function (select) {
      if (Array.prototype.some.call(select.options, function (option) { return option.value === zone; })) select.value = zone;
    });
  }
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (form.dataset.sent) { event.preventDefault(); return; }
    form.dataset.sent = '1';
  });
  document.querySelectorAll('button[data-copy]').forEach(function (button) {
    var field = document.getElementById(button.dataset.copy);
    if (!field || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(field.value).then(function () {
        document.getElementById(button.dataset.copy + '-copied').textContent = 'Copied.';
      });
    });
  });
})();
`;
