// The service worker of Web Push notifications (server/push.py): shows the server's message
// (whose turn it is, or that a game ended: public facts only) and opens the table on a click.

self.addEventListener("push", (event) => {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch { message = {}; }
  event.waitUntil(self.registration.showNotification(message.title || "ludoteka", {
    body: message.body || "", tag: message.tag || "ludoteka", data: { url: message.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;     // only pages of this server
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((c) => new URL(c.url).pathname === url.pathname);
    if (same) return same.focus();
    return self.clients.openWindow(url.href);
  })());
});
