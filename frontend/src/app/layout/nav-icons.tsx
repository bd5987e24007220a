import {
  CreditCard,
  House,
  Info,
  LayoutDashboard,
  LogIn,
  MessageCircle,
  PlusCircle,
  Search,
  ShieldCheck,
  User,
  UserPlus,
  type LucideIcon,
} from 'lucide-react'

const ICONS: Record<string, LucideIcon> = {
  Home: House,
  About: Info,
  'Sign In': LogIn,
  'Sign Up': UserPlus,
  Dashboard: LayoutDashboard,
  'New Request': PlusCircle,
  Messages: MessageCircle,
  Profile: User,
  'Find Students': Search,
  Subscribe: CreditCard,
  Admin: ShieldCheck,
}

export function NavIcon({ label, size = 22 }: { label: string; size?: number }) {
  const Icon = ICONS[label] ?? Info
  return <Icon aria-hidden size={size} />
}
