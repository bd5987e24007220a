## placeholder
