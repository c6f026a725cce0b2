import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useState,
  type ButtonHTMLAttributes,
  type ComponentProps,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * Menus opened by a button (Radix underneath: arrow keys move, Escape and outside clicks close).
 * Radix's menu, with its positioning and focus code, weighs about 30 KB compressed, and most screens
 * show a menu button that is never opened: until a menu is first opened (or its button hovered or
 * focused, which starts the download), its button is a plain button with the same look and the same
 * accessible name, and the menu's implementation (dropdown-menu-radix.tsx) is fetched on demand.
 */
type Radix = typeof import('./dropdown-menu-radix');

let radix: Radix | null = null;
let loading: Promise<Radix> | null = null;
const loadRadix = (): Promise<Radix> =>
  (loading ??= import('./dropdown-menu-radix').then(
    (module) => (radix = module),
    (error: unknown) => {
      loading = null; // the next click tries again
      throw error;
    },
  ));
const preload = () => void loadRadix();

interface MenuState {
  radix: Radix | null;
  open: () => void;
}

const MenuContext = createContext<MenuState | null>(null);

function useMenu(): MenuState {
  const state = useContext(MenuContext);
  if (!state) throw new Error('Menu parts need <DropdownMenu> around them');
  return state;
}

export function DropdownMenu({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState<Radix | null>(radix);
  // A menu asked for before its code arrived opens as soon as it is there.
  const [openAtMount, setOpenAtMount] = useState(false);
  const open = () =>
    void loadRadix().then(
      (module) => {
        setOpenAtMount(true);
        setLoaded(module);
      },
      () => undefined, // a release replaced the file: main.tsx reloads the page
    );
  return (
    <MenuContext.Provider value={{ radix: loaded, open }}>
      {loaded ? <loaded.Root defaultOpen={openAtMount}>{children}</loaded.Root> : children}
    </MenuContext.Provider>
  );
}

type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & { asChild?: boolean; children: ReactNode };

export function DropdownMenuTrigger({ asChild, children, ...props }: TriggerProps) {
  const menu = useMenu();
  if (menu.radix)
    return (
      <menu.radix.Trigger asChild={asChild} {...props}>
        {children}
      </menu.radix.Trigger>
    );
  const standIn = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    onClick: menu.open,
    onPointerEnter: preload,
    onFocus: preload,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      menu.open();
    },
  };
  if (asChild && isValidElement(children)) return cloneElement(children as ReactElement<object>, { ...props, ...standIn });
  return (
    <button type="button" {...props} {...standIn}>
      {children}
    </button>
  );
}

export function DropdownMenuContent(props: ComponentProps<Radix['Content']>) {
  const menu = useMenu();
  return menu.radix ? <menu.radix.Content {...props} /> : null;
}

export function DropdownMenuItem(props: ComponentProps<Radix['Item']>) {
  const Item = useMenu().radix!.Item;
  return <Item {...props} />;
}

export function DropdownMenuLabel(props: ComponentProps<Radix['Label']>) {
  const Label = useMenu().radix!.Label;
  return <Label {...props} />;
}

export function DropdownMenuSeparator() {
  const Separator = useMenu().radix!.Separator;
  return <Separator />;
}
