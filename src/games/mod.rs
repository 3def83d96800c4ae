pub mod nepal;
