import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the rule ID from shared/rules that a test checks")
    config.addinivalue_line("markers", "slow: long random playouts")
