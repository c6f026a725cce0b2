import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { SidebarContent } from './sidebar';

/** The sidebar as a drawer, below 1200 px: opened by the top bar's menu button. */
export default function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-40 bg-brand-950/50 lg:hidden" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="drawer-content fixed inset-y-0 left-0 z-50 w-[280px] max-w-[85vw] shadow-raised focus:outline-none lg:hidden"
        >
          <RadixDialog.Title className="sr-only">Menu</RadixDialog.Title>
          <SidebarContent onNavigate={() => onOpenChange(false)} />
          <RadixDialog.Close
            className="absolute right-1 top-2 inline-flex size-4 items-center justify-center rounded-md text-brand-100 hover:bg-white/10"
            aria-label="Fermer le menu"
          >
            <X className="size-2" aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
