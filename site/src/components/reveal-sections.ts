// Sections fade in once when they first enter the viewport (spec: about page animations).
// Animation only adds motion: the content is visible in the HTML, and this module, the one that
// reveals, is also the one that hides, and only sections still below the screen when it runs.
// Without JavaScript, with slow or failing scripts, every section stays visible.
const targets = document.querySelectorAll<HTMLElement>('.reveal');
const moving = window.matchMedia('(prefers-reduced-motion: no-preference)').matches;
// A section far from the screen is not laid out yet (`.render-near-view`, content-visibility: auto):
// what it holds has no box of its own, so where it stands is where its section stands.
const topOf = (el: Element) =>
  (el.checkVisibility?.({ contentVisibilityAuto: true }) === false
    ? (el.closest('.render-near-view') ?? el)
    : el
  ).getBoundingClientRect().top;
if ('IntersectionObserver' in window && targets.length && moving) {
  const seen = new WeakSet<Element>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const el = entry.target;
      if (!seen.has(el)) {
        seen.add(el);
        // Already on screen when the script ran: leave it as it is.
        if (entry.isIntersecting || topOf(el) < window.innerHeight) observer.unobserve(el);
        else el.classList.add('reveal-pending');
        continue;
      }
      if (entry.isIntersecting) {
        el.classList.remove('reveal-pending');
        observer.unobserve(el);
      }
    }
  });
  targets.forEach((el) => observer.observe(el));
}
